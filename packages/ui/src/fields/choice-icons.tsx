import type { ChoiceIconName } from '@storefront/contracts';
import type { ReactNode } from 'react';

// Card radio option icons (spec §3: image.iconName), drawn inline: no extra request, they take the
// text colour (currentColor), and the record's type makes every name the content schema accepts
// (CHOICE_ICON_NAMES in packages/contracts) have a drawing here.
const PATHS: Record<ChoiceIconName, ReactNode> = {
  'box-damaged': (
    <>
      <path d="M3 7l9-4 9 4v10l-9 4-9-4z" />
      <path d="M3 7l9 4 9-4M12 11v10" />
      <path d="M15 13l2 2-1 2 2 1" />
    </>
  ),
  'box-missing': (
    <>
      <path d="M3 7l9-4 9 4v10l-9 4-9-4z" strokeDasharray="2 2" />
      <path d="M10 10a2 2 0 1 1 3 1.7c-.6.4-1 .8-1 1.3M12 16h.01" />
    </>
  ),
  swap: <path d="M4 8h13l-3-3M20 16H7l3 3" />,
  kitchen: (
    <>
      <path d="M3 10h18v10H3zM3 10V4h18v6" />
      <path d="M9 13v4M15 13v4M7 7h2M15 7h2" />
    </>
  ),
  blueprint: (
    <>
      <path d="M4 4h16v16H4z" />
      <path d="M4 12h8v8M12 4v5h8" />
    </>
  ),
  home: <path d="M3 11l9-7 9 7M5 10v10h5v-6h4v6h5V10" />,
  ruler: (
    <>
      <path d="M3 16L16 3l5 5L8 21z" />
      <path d="M7 12l2 2M10 9l2 2M13 6l2 2" />
    </>
  ),
  calendar: (
    <>
      <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5" />
    </>
  ),
  chat: <path d="M4 5h16v11H9l-5 4z" />,
};

/** One of the named icons, decorative (the option's label says what it is). */
export function ChoiceIcon({ name }: { name: ChoiceIconName }) {
  return (
    <svg className="sf-choice__icon" data-icon={name} viewBox="0 0 24 24" width="32" height="32" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true" focusable="false">
      {PATHS[name]}
    </svg>
  );
}

/** Whether a name (content is checked, but data may come from elsewhere) has a drawing. */
export function isChoiceIconName(name: string | undefined): name is ChoiceIconName {
  return name !== undefined && Object.prototype.hasOwnProperty.call(PATHS, name);
}
