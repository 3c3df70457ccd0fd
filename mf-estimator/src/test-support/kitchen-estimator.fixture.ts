import type { EstimatorBundle } from '@storefront/contracts';

const leaf = (min: number, max: number, laborMin: number, laborMax: number) => ({ price: { min, max }, labor: { min: laborMin, max: laborMax } });

/** A small kitchen estimator shaped like content/estimator/kitchen.json + its pricing, for tests. */
export const kitchenEstimator: EstimatorBundle = {
  template: {
    id: 'kitchen',
    name: 'kitchen',
    title: 'Kitchen Remodel Estimator',
    description: 'Pick your options to see a price range.',
    groups: [
      {
        name: 'project',
        title: 'Your kitchen',
        layout: 'accordion',
        fields: [
          {
            name: 'kitchenSize',
            type: 'select',
            label: 'Kitchen size',
            customLabel: 'Size',
            required: true,
            useInCalculation: true,
            options: [
              { label: 'Small (up to 10 ft)', value: 'small', customLabel: 'Small' },
              { label: 'Large (over 20 ft)', value: 'large' },
            ],
          },
          {
            name: 'cabinetLine',
            type: 'radio',
            label: 'Cabinet line',
            required: true,
            useInCalculation: true,
            dependsOn: 'kitchenSize',
            options: [
              { label: 'Shaker', value: 'shaker', description: 'Classic five-piece doors' },
              { label: 'Slab', value: 'slab' },
            ],
          },
        ],
        actions: { next: { text: 'Next', target: 'extras' } },
      },
      {
        name: 'extras',
        title: 'Appliances & extras',
        layout: 'popup',
        fields: [
          {
            name: 'appliances',
            type: 'select',
            label: 'Appliance installation',
            customLabel: 'Appliances',
            required: true,
            useInCalculation: true,
            options: [
              { label: 'None', value: 'none' },
              { label: 'Standard appliances', value: 'standard', customLabel: 'Standard' },
            ],
          },
        ],
        actions: { next: { text: 'Continue', target: 'contact' } },
      },
      {
        name: 'contact',
        title: 'Your details',
        layout: 'accordion',
        fields: [
          { name: 'fullName', type: 'text', label: 'Full name', required: true },
          { name: 'email', type: 'email', label: 'Email', required: true },
          { name: 'phone', type: 'tel', label: 'Phone', hideInPDF: true },
        ],
        actions: { submit: { text: 'Email My Estimate' }, print: { text: 'Download PDF' } },
      },
    ],
    buttons: { reset: 'Start Over' },
    emailNotifications: { sendSuccessEmail: true, emailTemplateId: 'kitchen-estimate' },
    metadata: { source: 'estimator' },
    summary: {
      title: 'Estimated Pricing',
      note: 'Estimates are valid for 30 days.',
      position: 'side',
      breakdowns: [{ label: 'Breakdown', items: [{ name: 'cabinets', label: 'Cabinets', fields: ['cabinetLine'] }] }],
      productTotal: { label: 'Products' },
      laborTotal: { label: 'Labor' },
      grandTotal: { label: 'Total' },
    },
  },
  pricing: {
    kitchenSize: { small: leaf(1000, 2000, 500, 800), large: leaf(3000, 5000, 1000, 1500) },
    cabinetLine: {
      small: { shaker: leaf(8000, 12000, 2000, 3000), slab: leaf(6000, 9000, 1500, 2500) },
      large: { shaker: leaf(14000, 25000, 4000, 6000) },
    },
    appliances: { none: leaf(0, 0, 0, 0), standard: leaf(0, 0, 400, 900) },
  },
};
