import { Classes, type Intent } from '@blueprintjs/core';
import type { IconName } from '@blueprintjs/icons';
import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { PlainIcon } from './PlainIcon';
import { plainClasses } from './plainClasses';

export interface PlainButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type'> {
  type?: 'button' | 'submit';
  icon?: IconName;
  endIcon?: IconName;
  text?: ReactNode;
  minimal?: boolean;
  small?: boolean;
  intent?: Intent;
  active?: boolean;
}

/**
 * Blueprint's Button through its CSS API: the same `bp6-button` markup (icon, `bp6-button-text`,
 * end icon; minimal, small, intent, active and disabled classes) as a plain <button>, for the first
 * screen's ~30 buttons (issue 17, first load). Blueprint's Button adds hooks per instance for its
 * pressed-key styling; nothing else it does is used here.
 */
export function PlainButton({ type = 'button', icon, endIcon, text, minimal, small, intent, active, disabled, className, ...rest }: PlainButtonProps) {
  const classes = plainClasses(
    Classes.BUTTON,
    minimal && Classes.MINIMAL,
    small && Classes.SMALL,
    intent && intent !== 'none' && Classes.intentClass(intent),
    active && Classes.ACTIVE,
    disabled && Classes.DISABLED,
    className,
  );
  return (
    <button type={type} disabled={disabled} className={classes} {...rest}>
      {icon ? <PlainIcon icon={icon} /> : null}
      {text !== undefined && text !== null && text !== '' ? <span className={Classes.BUTTON_TEXT}>{text}</span> : null}
      {endIcon ? <PlainIcon icon={endIcon} /> : null}
    </button>
  );
}
