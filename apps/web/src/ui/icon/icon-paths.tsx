import type { ReactNode } from 'react';
import type { IconName } from './icon-names';

/*
 * Drawn for this product on a 24x24 grid. The <svg> sets stroke="currentColor",
 * so outline shapes need no attributes; solid shapes opt into fill and use
 * even-odd holes instead of a second colour, so they stay one colour in any theme
 * and in forced-colours mode.
 */
const solid = { fill: 'currentColor', stroke: 'none', fillRule: 'evenodd', clipRule: 'evenodd' } as const;

const circle = 'M12 2a10 10 0 1 1 0 20a10 10 0 1 1 0-20z';

export const ICON_PATHS: Record<IconName, ReactNode> = {
  add: <path d="M12 5v14M5 12h14" />,
  addCircleFilled: <path {...solid} d={`${circle}M11 7h2v4h4v2h-4v4h-2v-4H7v-2h4z`} />,
  arrowLeft: <path d="M20 12H4.5M11 5l-7 7 7 7" />,
  check: <path d="M4.5 12.5l5 5L19.5 7" />,
  checkCircle: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M7.5 12.5l3 3 6-6.5" />
    </>
  ),
  checkboxCheck: <path d="M5.5 12.5l4.5 4.5 8.5-9.5" strokeWidth="2.5" />,
  checkboxOn: (
    <path
      {...solid}
      d="M5 2.5h14A2.5 2.5 0 0 1 21.5 5v14a2.5 2.5 0 0 1-2.5 2.5H5A2.5 2.5 0 0 1 2.5 19V5A2.5 2.5 0 0 1 5 2.5zM10.3 16.9l7.6-7.8-1.5-1.4-6.1 6.3-2.8-2.8-1.4 1.4z"
    />
  ),
  chevronDown: <path d="M6 9l6 6 6-6" />,
  chevronRight: <path d="M9 6l6 6-6 6" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 6.5V12l3.5 2.5" />
    </>
  ),
  close: <path d="M5.5 5.5l13 13M18.5 5.5l-13 13" />,
  coins: (
    <>
      <ellipse cx="12" cy="5.5" rx="7" ry="2.75" />
      <path d="M5 5.5v4.3c0 1.5 3.1 2.75 7 2.75s7-1.25 7-2.75V5.5" />
      <path d="M5 9.8v4.3c0 1.5 3.1 2.75 7 2.75s7-1.25 7-2.75V9.8" />
      <path d="M5 14.1v4.3c0 1.5 3.1 2.75 7 2.75s7-1.25 7-2.75v-4.3" />
    </>
  ),
  creditCard: (
    <>
      <rect x="2.5" y="5" width="19" height="14" rx="2" />
      <path d="M2.5 9.5h19M6 15h4" />
    </>
  ),
  download: <path d="M12 3.5v12M7 10.5l5 5 5-5M4.5 20.5h15" />,
  edit: (
    <>
      <path d="M11 4.5H6A1.5 1.5 0 0 0 4.5 6v12A1.5 1.5 0 0 0 6 19.5h12a1.5 1.5 0 0 0 1.5-1.5v-5" />
      <path d="M17.8 3.2a1.9 1.9 0 0 1 2.7 2.7L12 14.5l-3.5.9.9-3.5z" />
    </>
  ),
  error: <path {...solid} d={`${circle}M11 6.5h2v7.5h-2zM11 15.75h2v2h-2z`} />,
  idCard: (
    <>
      <rect x="2.5" y="4.5" width="19" height="15" rx="2" />
      <circle cx="8.5" cy="10.5" r="2.25" />
      <path d="M5 16.5c.6-1.7 1.9-2.5 3.5-2.5s2.9.8 3.5 2.5M14.5 9.5h4M14.5 13h4" />
    </>
  ),
  infoBubble: (
    <>
      <path d="M4.5 3.5h15a1.5 1.5 0 0 1 1.5 1.5v11a1.5 1.5 0 0 1-1.5 1.5h-8l-5 4v-4h-2A1.5 1.5 0 0 1 3 16V5a1.5 1.5 0 0 1 1.5-1.5z" />
      <path d="M12 10v4.5M12 7h.01" />
    </>
  ),
  infoCircle: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M12 10.5v6M12 7.25h.01" />
    </>
  ),
  loading: (
    <>
      <circle cx="12" cy="12" r="9" opacity="0.25" />
      <path d="M12 3a9 9 0 0 1 9 9" />
    </>
  ),
  location: (
    <>
      <path d="M12 21.5s-7-6-7-11.75a7 7 0 0 1 14 0C19 15.5 12 21.5 12 21.5z" />
      <circle cx="12" cy="9.5" r="2.5" />
    </>
  ),
  mobileId: (
    <>
      <rect x="6" y="2.5" width="12" height="19" rx="2" />
      <path d="M10.5 18.5h3M9.25 10.5l2 2 3.5-4" />
    </>
  ),
  pencil: <path d="M15.8 4.2a2.3 2.3 0 0 1 3.3 3.3L8 18.6l-4.5 1.2 1.2-4.5zM13.8 6.2l3.3 3.3" />,
  person: (
    <>
      <circle cx="12" cy="7.5" r="4" />
      <path d="M4 21c0-4.2 3.6-7 8-7s8 2.8 8 7" />
    </>
  ),
  remove: <path d="M5 12h14" />,
  search: (
    <>
      <circle cx="10.5" cy="10.5" r="6.5" />
      <path d="M15.5 15.5l5 5" />
    </>
  ),
  smartId: (
    <>
      <path d="M12 2.5l7.5 3v5.7c0 4.6-3.1 8.6-7.5 10.3-4.4-1.7-7.5-5.7-7.5-10.3V5.5z" />
      <circle cx="12" cy="10" r="2" />
      <path d="M12 12v3.5" />
    </>
  ),
  wallet: (
    <>
      <path d="M17.5 7V5a1.5 1.5 0 0 0-1.5-1.5H5A2.5 2.5 0 0 0 2.5 6v12A2.5 2.5 0 0 0 5 20.5h14a1.5 1.5 0 0 0 1.5-1.5V8.5A1.5 1.5 0 0 0 19 7H5a2.5 2.5 0 0 1-2.5-2.5" />
      <path d="M16.5 14h.01" strokeWidth="2.5" />
    </>
  ),
  work: (
    <>
      <rect x="2.5" y="7" width="19" height="13" rx="2" />
      <path d="M8.5 7V5.5a2 2 0 0 1 2-2h3a2 2 0 0 1 2 2V7M2.5 12.5h19" />
    </>
  ),
  world: (
    <>
      <circle cx="12" cy="12" r="9.5" />
      <path d="M2.5 12h19M12 2.5c2.5 2.6 3.8 5.8 3.8 9.5s-1.3 6.9-3.8 9.5c-2.5-2.6-3.8-5.8-3.8-9.5s1.3-6.9 3.8-9.5z" />
    </>
  ),
  x: <path d="M7.5 7.5l9 9M16.5 7.5l-9 9" />,
};
