import { RegulatoryPage } from '@/components/content/pages/legal-pages';
import { contentRoute } from '../content-route';

const route = contentRoute('regulatory-informations', '/regulatory-informations', RegulatoryPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
