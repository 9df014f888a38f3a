import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('sri', '/responsible-investment');

export const generateMetadata = route.generateMetadata;
export default route.Page;
