import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('about-us', '/about-us');

export const generateMetadata = route.generateMetadata;
export default route.Page;
