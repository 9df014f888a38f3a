import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('expertise', '/expertise');

export const generateMetadata = route.generateMetadata;
export default route.Page;
