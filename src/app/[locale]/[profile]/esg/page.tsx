import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('esg', '/esg');

export const generateMetadata = route.generateMetadata;
export default route.Page;
