import { ExpertisePage } from '@/components/content/pages/expertise-page';
import { contentRoute } from '../content-route';

const route = contentRoute('expertise', '/expertise', ExpertisePage);

export const generateMetadata = route.generateMetadata;
export default route.Page;
