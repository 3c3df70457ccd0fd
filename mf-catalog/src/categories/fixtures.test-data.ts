import type { ProductCategoryDetail, ProductCategoryRecord, ProductCategorySummary } from '@storefront/contracts';

// Shared by the showcase and handler tests: three categories, the middle one with 10 sample doors.
const image = (name: string) => ({ src: `/images/scenes/${name}.svg`, altText: `${name} kitchen`, width: 1200, height: 800 });

export function record(slug: string, title: string): ProductCategoryRecord {
  return {
    slug,
    title,
    description: `${title} have their own look.`,
    image: image(slug),
    icon: `/images/styles/${slug}.svg`,
    faqs: [{ question: `Why ${title}?`, answer: `<p>Because ${title} last.</p>` }],
    video: { videoType: 'video', videoUrl: '/images/videos/cabinet-assembly.webm', title: `${title} assembly`, thumbnail: image(`${slug}-video`) },
    specs: [{ label: 'Door construction', value: `${title} frame` }],
    timeline: [{ title: 'Free 3D design', description: 'We plan it.', duration: 'Days 1-2' }],
  };
}

export const summaries: ProductCategorySummary[] = [
  ['shaker', 'Shaker Cabinets'],
  ['slab', 'Slab Cabinets'],
  ['craftsman', 'Craftsman Cabinets'],
].map(([slug, title]) => ({ ...record(slug!, title!), path: `/categories/${slug}`, styleCount: 2 }));

function samples(slug: string, count: number) {
  return Array.from({ length: count }, (_, index) => ({
    sku: `${slug.toUpperCase()}-SMPL-${index + 1}`,
    name: `Sample ${index + 1}`,
    price: 0,
    finish: { type: 'paint', value: `finish-${index + 1}`, label: `${slug} finish ${index + 1}`, hex: '#ffffff' },
    image: `/images/styles/${slug}-${index + 1}.svg`,
    styleCode: `${slug}1`,
    styleTitle: `${slug} style`,
    path: `/products/kitchen-cabinets/rta-kitchen-cabinets/${slug}1?type=paint&value=finish-${index + 1}`,
  }));
}

export function detail(index: number, sampleCount = 3): ProductCategoryDetail {
  const summary = summaries[index]!;
  return {
    category: { ...record(summary.slug, summary.title), path: summary.path },
    styles: [
      {
        code: `${summary.slug}1`,
        title: `${summary.title} One`,
        path: `/products/kitchen-cabinets/rta-kitchen-cabinets/${summary.slug}1`,
        image: image(`${summary.slug}1`),
        shortDescription: '',
        label: null,
        labels: [],
        doorStyle: summary.slug,
        addedOn: null,
        swatches: [],
      },
    ],
    samples: samples(summary.slug, sampleCount),
    previous: summaries[index - 1] ?? null,
    next: summaries[index + 1] ?? null,
  };
}
