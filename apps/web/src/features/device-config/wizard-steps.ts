/**
 * The steps of a device's management wizard (§2: basic info, gateway and driver, variables,
 * history reports, alarms, configuration pages, scripts), which step the address names
 * (`?step=`), and where in its product each step's settings are made. Pure, so the order and the
 * links are tested without a page.
 */
export const WIZARD_STEPS = [
  'basic',
  'driver',
  'variables',
  'reports',
  'alarms',
  'pages',
  'scripts',
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export function readWizardStep(value: string | null): WizardStep {
  return (WIZARD_STEPS as readonly string[]).includes(value ?? '') ? (value as WizardStep) : 'basic';
}

/** The steps before and after, or null at either end. */
export function neighbourSteps(step: WizardStep): { previous: WizardStep | null; next: WizardStep | null } {
  const index = WIZARD_STEPS.indexOf(step);
  return { previous: WIZARD_STEPS[index - 1] ?? null, next: WIZARD_STEPS[index + 1] ?? null };
}

/**
 * The product tab (§2 product/edit/:id tabs) where what a step shows is set for every device of the
 * product. The basic info is the device's own; the driver step's addresses are too, but the drivers
 * themselves are the product's.
 */
const PRODUCT_TAB_OF_STEP: Readonly<Record<Exclude<WizardStep, 'basic'>, string>> = {
  driver: 'signal',
  variables: 'signal',
  reports: 'report',
  alarms: 'alert',
  pages: 'page',
  scripts: 'formula',
};

export function productTabPath(productId: string, step: WizardStep): string | null {
  if (step === 'basic') return null;
  return `/manage/product/edit/${encodeURIComponent(productId)}/${PRODUCT_TAB_OF_STEP[step]}`;
}
