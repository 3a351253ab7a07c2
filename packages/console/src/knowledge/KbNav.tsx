import { Link } from '@tanstack/react-router';
import './knowledge.css';

// The knowledge base's own navigation, above each of its pages. The router marks an active link as the
// current page itself; Articles is current on the editor's addresses too, so it says so explicitly.
export function KbNav({ current }: { current: 'articles' | 'collections' | 'report' }) {
  const here = (page: typeof current) => (page === current ? 'page' : undefined);
  return (
    <nav aria-label="Knowledge base" className="admin-nav">
      <Link to="/kb" search={{}} activeOptions={{ exact: true, includeSearch: false }} aria-current={here('articles')}>
        Articles
      </Link>
      <Link to="/kb/collections" aria-current={here('collections')}>
        Collections
      </Link>
      <Link to="/kb/report" search={{}} aria-current={here('report')}>
        Assistant report
      </Link>
    </nav>
  );
}
