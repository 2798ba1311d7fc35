import type { TenantConfig } from './tenant-config';

type Theme = TenantConfig['theme'];

/** The tenant's theme as CSS custom properties, rendered on the server so no default theme flashes. */
export function themeCss(theme: Theme): string {
  const vars: Record<string, string> = {
    '--color-primary': theme.primary,
    '--color-on-primary': theme.primaryContrast,
    '--color-secondary': theme.secondary,
    '--color-background': theme.background,
    '--color-surface': theme.surface,
    '--color-text': theme.text,
    '--color-muted': theme.muted,
    '--color-error': theme.error,
    '--color-success': theme.success,
    '--font-body': theme.fontFamily,
    '--font-heading': theme.headingFontFamily ?? theme.fontFamily,
  };
  const body = Object.entries(vars)
    .map(([name, value]) => `${name}:${cssValue(value)};`)
    .join('');
  return `:root{${body}}`;
}

/** Tenant CSS goes inside a <style> element: it must not be able to close it. */
export function safeStyleText(css: string): string {
  return css.replace(/<\/?style/gi, '').replace(/<\//g, '<\\/');
}

function cssValue(value: string): string {
  return value.replace(/[;{}<>]/g, '');
}
