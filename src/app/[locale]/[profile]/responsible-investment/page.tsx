import { SriPage } from '@/components/content/pages/sri-page';
import { contentRoute } from '../content-route';

const route = contentRoute('sri', '/responsible-investment', SriPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
