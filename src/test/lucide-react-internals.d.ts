// lucide-react's own icon renderer, which the app's build replaces (src/components/lucide-icon.ts): its
// test compares the two.
declare module 'lucide-react/dist/esm/createLucideIcon.mjs' {
  import type { LucideIcon } from 'lucide-react';
  import type { LucideIconData } from '@/components/lucide-icon';
  export default function createLucideIcon(icon: LucideIconData): LucideIcon;
}
