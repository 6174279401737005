import { Link, type LinkProps } from 'react-router';
import { cx } from './cx';

export const linkClasses = 'font-medium text-blue-700 underline-offset-2 hover:underline dark:text-blue-300';

/** An in-app link styled as text; contrast holds in both themes. */
export function TextLink({ className, ...rest }: LinkProps) {
  return <Link className={cx(linkClasses, className)} {...rest} />;
}
