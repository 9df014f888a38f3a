import { LegalNoticesPage } from '@/components/content/pages/legal-pages';
import { getCompany } from '@/server/site/queries';
import { contentRoute } from '../content-route';

// The page shows the house's legal identity too (docs/decisions/059): it reads the company, and carries its tag.
const route = contentRoute('legal-notices', '/legal-notices', async ({ page, locale }) => <LegalNoticesPage page={page} legal={(await getCompany(locale))?.legal ?? null} />);

export const generateMetadata = route.generateMetadata;
export default route.Page;
