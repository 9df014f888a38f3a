import { PrivacyPage } from '@/components/content/pages/legal-pages';
import { contentRoute } from '../content-route';

const route = contentRoute('rgpd', '/gdpr', PrivacyPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
