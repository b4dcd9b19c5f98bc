import { createElement, type ReactNode, type SVGProps } from 'react';

/** An icon as lucide-react's icon modules describe it. */
export type LucideIconData = { name?: string; size?: number; aliases?: string[]; node: [string, Record<string, string>][] };

export type LucideIconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  nonScalingStroke?: boolean;
  children?: ReactNode;
};

const hasA11yProp = (props: Record<string, unknown>) =>
  Object.entries(props).some(([name, value]) => (name.startsWith('aria-') || name === 'role' || name === 'title') && value != null);

/**
 * What lucide-react's icon modules are built with in this app (vite.config.ts, `lucideIconsOnOwnRenderer`): the same
 * markup as lucide-react's own `createLucideIcon` for the same props, without its theme context (no LucideProvider is
 * used here) and its general attribute-name mapping, which every page would otherwise download.
 */
export default function createLucideIcon(icon: LucideIconData) {
  const viewBoxSize = icon.size ?? 24;
  const iconClasses = ['lucide', ...[icon.name, ...(icon.aliases ?? [])].filter((name) => name?.trim()).map((name) => `lucide-${name}`)];
  return function LucideIcon({
    color = 'currentColor',
    size,
    width,
    height,
    strokeWidth = 2,
    absoluteStrokeWidth = false,
    nonScalingStroke = false,
    className = '',
    children,
    ...rest
  }: LucideIconProps) {
    const iconWidth = width ?? size ?? 24;
    const classes = [...new Set([...iconClasses, ...className.split(/\s+/)].filter(Boolean))].join(' ');
    const attributes = {
      xmlns: 'http://www.w3.org/2000/svg',
      width: iconWidth,
      height: height ?? size ?? 24,
      viewBox: `0 0 ${viewBoxSize} ${viewBoxSize}`,
      fill: 'none',
      stroke: color || 'currentColor',
      strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * viewBoxSize) / Number(iconWidth) : strokeWidth,
      strokeLinecap: 'round' as const,
      strokeLinejoin: 'round' as const,
      className: classes,
      ...(children || hasA11yProp(rest) ? {} : { 'aria-hidden': 'true' as const }),
      ...rest,
    };
    const shapes = icon.node.map(([tag, shape]) => createElement(tag, nonScalingStroke ? { vectorEffect: 'non-scaling-stroke', ...shape } : shape));
    return createElement('svg', attributes, ...shapes, children);
  };
}
