// The inspiration-gallery kitchens (entry names from the spec) and the home-page banner, as kitchen options.

export const GALLERY_SCENES = {
  'shaker-green': { title: 'Sage green shaker kitchen with brass hardware', cabinet: { hex: '#8B9B7C' }, doorType: 'shaker', island: { hex: '#C49A6C', grain: true }, counter: '#F2F0EC', wall: '#F1ECE2' },
  'shaker-navy': { title: 'Navy shaker kitchen with a white quartz countertop', cabinet: { hex: '#24364F' }, doorType: 'shaker', island: { hex: '#F4F3EE' }, counter: '#F4F2EE', wall: '#EFEBE4' },
  'shaker-dusk': { title: 'Dusk blue shaker kitchen with warm oak floors', cabinet: { hex: '#6C7F94' }, doorType: 'shaker', island: true, counter: '#ECE8E1', wall: '#F2EEE7', hardware: '#2B2B2B' },
  'shaker-white': { title: 'Bright white shaker kitchen with pendant lights', cabinet: { hex: '#F4F3EE' }, doorType: 'shaker', island: { hex: '#F4F3EE' }, counter: '#3B3D40', wall: '#E9E4DA', hardware: '#2B2B2B' },
  'shaker-grey': { title: 'Light grey shaker kitchen with an island', cabinet: { hex: '#C9CBCB' }, doorType: 'shaker', island: { hex: '#6F7370' }, counter: '#F4F2EE', wall: '#EDEAE4', hardware: '#B8BCC0' },
  'shaker-black': { title: 'Matte black shaker kitchen with brass pendants', cabinet: { hex: '#1F2022' }, doorType: 'shaker', island: { hex: '#C49A6C', grain: true }, counter: '#F2F0EC', wall: '#ECE6DC' },
  'green-craftsman-cabinets': { title: 'Hunter green Craftsman cabinets with natural oak', cabinet: { hex: '#3F5544' }, doorType: 'craftsman', island: { hex: '#C49A6C', grain: true }, counter: '#EFECE6', wall: '#F0EADF' },
  'grey-kitchen': { title: 'Modern grey slab kitchen with a waterfall island', cabinet: { hex: '#A1A5A8', gloss: true }, doorType: 'slab', island: { hex: '#F8F8F6', gloss: true }, counter: '#F4F4F2', wall: '#E8E8E6', hardware: '#2B2B2B', hoodColor: '#C9CCCE' },
  'natural-craftsman': { title: 'Natural oak Craftsman kitchen', cabinet: { hex: '#C49A6C', grain: true }, doorType: 'craftsman', island: { hex: '#3F5544' }, counter: '#F2F0EC', wall: '#F1ECE3', hardware: '#2B2B2B' },
};

/**
 * More views of each gallery kitchen for its entry page's masonry gallery (scenes/<name>-<view>.svg):
 * different shapes so the columns interleave, and different window, island and lighting so they read as
 * other corners of the same room.
 */
export const GALLERY_VIEWS = {
  wide: { width: 1600, height: 900, windowAt: 0.28, pendants: 4 },
  tall: { width: 800, height: 1100, windowAt: 0.7, pendants: 1 },
  square: { width: 1000, height: 1000, windowAt: 0.5, pendants: 2, island: false },
};

export const HOME_BANNER = {
  title: 'Bright shaker kitchen with white cabinets, a quartz countertop and brass pendant lights',
  cabinet: { hex: '#F4F3EE' },
  doorType: 'shaker',
  island: { hex: '#3E5C76' },
  counter: '#F4F2EE',
  wall: '#EDE6DA',
  windowAt: 0.62,
};
