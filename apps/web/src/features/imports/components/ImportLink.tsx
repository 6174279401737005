import Upload from 'lucide-react/icons/upload';
import { Link } from 'react-router';
import { buttonClasses } from '../../../ui/Button';

/** The way from a list page to its import page. */
export function ImportLink({ to, label }: { to: string; label: string }) {
  return (
    <Link to={to} className={buttonClasses('secondary', 'md', 'inline-flex items-center gap-2')}>
      <Upload aria-hidden className="size-4" />
      {label}
    </Link>
  );
}
