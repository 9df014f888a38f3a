import { AccessibilityPage } from '@/components/content/pages/legal-pages';
import { contentRoute } from '../content-route';

const route = contentRoute('accessibility', '/accessibility', AccessibilityPage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
