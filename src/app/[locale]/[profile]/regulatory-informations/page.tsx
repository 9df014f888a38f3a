import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('regulatory-informations', '/regulatory-informations');

export const generateMetadata = route.generateMetadata;
export default route.Page;
