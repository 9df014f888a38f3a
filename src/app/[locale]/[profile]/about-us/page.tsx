import { AboutUsPage } from '@/components/content/pages/about-us-page';
import { contentRoute } from '../content-route';

const route = contentRoute('about-us', '/about-us', AboutUsPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
