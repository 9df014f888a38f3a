import { EsgPage } from '@/components/content/pages/esg-page';
import { contentRoute } from '../content-route';

const route = contentRoute('esg', '/esg', EsgPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
