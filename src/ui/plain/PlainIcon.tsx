import { Classes, Icon } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import { firstScreenIcons16 } from './firstScreenIcons';

interface PlainIconProps {
  icon: IconName;
  /** Pixels (16px grid; Blueprint's default 16). */
  size?: number;
  /** Accessible title inside the svg (the icon is then not aria-hidden), as Blueprint's `title`. */
  title?: string;
}

/**
 * Blueprint's icon markup (`bp6-icon bp6-icon-<name>` around the svg), drawn at once from the
 * bundled first-screen paths without Blueprint's <Icon> (a state hook and an effect per icon, ~40
 * on a dashboard: issue 17, first load). Icons not bundled fall back to <Icon>, which loads them.
 */
export function PlainIcon({ icon, size = 16, title }: PlainIconProps) {
  const paths = firstScreenIcons16[icon];
  if (!paths || size >= 20) return <Icon icon={icon} size={size} title={title} />;
  return (
    <span aria-hidden={title ? undefined : true} className={`${Classes.ICON} ${Classes.ICON}-${icon}`}>
      <svg data-icon={icon} height={size} role="img" viewBox="0 0 16 16" width={size}>
        {title ? <title>{title}</title> : null}
        {paths.map((d, i) => (
          <path key={i} d={d} fillRule="evenodd" />
        ))}
      </svg>
    </span>
  );
}
