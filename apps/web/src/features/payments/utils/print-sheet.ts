/**
 * Paper is white whatever the screen's colour scheme: inside a printed sheet the light theme's
 * colours apply (the same values as the result print view).
 */
export const LIGHT_PRINT_VARS = `
  color-scheme: light;
  --background: oklch(1 0 0); --foreground: oklch(0.2 0.03 260);
  --card: oklch(1 0 0); --card-foreground: oklch(0.2 0.03 260);
  --muted: oklch(0.96 0.008 255); --muted-foreground: oklch(0.45 0.03 257);
  --accent: oklch(0.94 0.025 260); --accent-foreground: oklch(0.25 0.06 262);
  --primary: oklch(0.5 0.2 262); --primary-foreground: oklch(0.985 0.003 247);
  --border: oklch(0.88 0.012 255);
  color: var(--foreground); background: #fff;
`;

export const A4_PAGE = '@page { size: A4 portrait; margin: 16mm 14mm; }';
