import { contentRoute } from '@/server/http/content-route';

const route = contentRoute('rgpd', '/gdpr');

export const generateMetadata = route.generateMetadata;
export default route.Page;
