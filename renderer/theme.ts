import type { TenantDocument } from "./types";

type FontStack = TenantDocument["theme"]["fonts"]["body"];

// System stacks only: no font is downloaded, so nothing shifts or blocks rendering.
export const fontStacks: Record<FontStack, string> = {
  system: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  humanist: 'Seravek, "Gill Sans Nova", Ubuntu, Calibri, "DejaVu Sans", source-sans-pro, sans-serif',
  geometric: 'Avenir, Montserrat, Corbel, "URW Gothic", source-sans-pro, sans-serif',
  grotesque: 'Inter, Roboto, "Helvetica Neue", "Arial Nova", "Nimbus Sans", Arial, sans-serif',
  serif: 'Charter, "Bitstream Charter", "Sitka Text", Cambria, "DejaVu Serif", Georgia, serif',
  slab: 'Rockwell, "Rockwell Nova", "Roboto Slab", "DejaVu Serif", "Sitka Small", serif',
  condensed: '"Roboto Condensed", "Arial Narrow", "Liberation Sans Narrow", "DejaVu Sans Condensed", sans-serif-condensed, sans-serif',
};

/** The theme tokens as CSS custom properties; every block styles itself with these. */
export function themeVariables(theme: TenantDocument["theme"]): Record<string, string> {
  const c = theme.colors;
  return {
    "--fc-primary": c.primary,
    "--fc-on-primary": c.onPrimary,
    "--fc-accent": c.accent,
    "--fc-on-accent": c.onAccent,
    "--fc-bg": c.background,
    "--fc-surface": c.surface,
    "--fc-text": c.text,
    "--fc-muted": c.muted,
    "--fc-border": c.border,
    "--fc-radius": `${theme.radius}px`,
    "--fc-font-heading": fontStacks[theme.fonts.heading],
    "--fc-font-body": fontStacks[theme.fonts.body],
  };
}

export function themeCss(theme: TenantDocument["theme"]): string {
  const vars = Object.entries(themeVariables(theme))
    .map(([k, v]) => `${k}:${v}`)
    .join(";");
  return `:root{${vars}}`;
}
