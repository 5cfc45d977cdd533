import type { IconNode } from 'lucide';
import { createElement } from 'react';

/**
 * An icon of the lucide set (npm `lucide`: each icon is plain data, `[tag, attributes][]`), drawn
 * as inline SVG: `<Icon node={Minus} />` with `import { Minus } from 'lucide'`. A few hundred bytes
 * for the component and ~60 per icon, where lucide-react's wrapper costs ~1.5 KiB on every page.
 * Decorative (aria-hidden): the control it sits in carries the name.
 */
export function Icon({ node, className = 'flx-icon' }: { node: IconNode; className?: string }) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      className={className}
      aria-hidden="true"
      focusable="false"
    >
      {node.map(([tag, attrs], i) => createElement(tag, { ...attrs, key: i }))}
    </svg>
  );
}
