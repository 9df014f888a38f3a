import { LegalNoticesPage } from '@/components/content/pages/legal-pages';
import { contentRoute } from '../content-route';

const route = contentRoute('legal-notices', '/legal-notices', LegalNoticesPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
