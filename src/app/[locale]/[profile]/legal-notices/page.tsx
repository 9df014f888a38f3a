import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('legal-notices', '/legal-notices');

export const generateMetadata = route.generateMetadata;
export default route.Page;
