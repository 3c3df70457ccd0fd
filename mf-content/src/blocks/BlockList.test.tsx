import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Block, BlockComponentProps } from '@storefront/contracts';
import { render, screen } from '@testing-library/react';
import type { ReactNode } from 'react';
import { BLOCK_FAILURE_MESSAGE, BlockList, type BlockLoader } from './BlockList';
import { blockRegistry } from './registry';

function TitleBlock({ block, position }: BlockComponentProps) {
  return <h2>{`${String(block['title'])} at ${position}`}</h2>;
}
function BrokenBlock(): never {
  throw new Error('bad block data');
}

// The MF runtime is the edge: a loader that serves components by module id.
function loaderServing(modules: Record<string, (props: BlockComponentProps) => ReactNode>): BlockLoader {
  return async (moduleId) => {
    const found = modules[moduleId];
    if (!found) throw new Error(`no module ${moduleId}`);
    return found as never;
  };
}

afterEach(() => jest.restoreAllMocks());

describe('BlockList', () => {
  it('maps block types to remote modules through the registry', () => {
    expect(blockRegistry).toMatchObject({ banner: 'mf_content/blocks/Banner', 'media-content': 'mf_content/blocks/MediaContent' });
    // every block module is one of ours or another remote's: `mf_x/blocks/Name`, or a top-level
    // `mf_x/NameBlock` used outside pages too (mf_forms/FormBlock also fills the popups)
    for (const moduleId of Object.values(blockRegistry)) expect(moduleId).toMatch(/^mf_[a-z]+\/(blocks\/[A-Z][A-Za-z]+|[A-Z][A-Za-z]*Block)$/);
  });

  it('every mf_content block in the registry is exposed by the remote', () => {
    const config = readFileSync(join(__dirname, '../../webpack.config.mjs'), 'utf8');
    for (const moduleId of Object.values(blockRegistry).filter((id) => id.startsWith('mf_content/'))) {
      const exposed = `./${moduleId.slice('mf_content/'.length)}`;
      expect(config).toContain(`'${exposed}': './src/${exposed.slice(2)}.tsx'`);
    }
  });

  it('renders known blocks in order, skips unknown types with a warning', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const blocks: Block[] = [
      { id: 'hero', type: 'banner', title: 'Hero' },
      { id: 'mystery', type: 'hologram', title: 'Unknown' },
      { id: 'story', type: 'media-content', title: 'Story' },
    ];
    const loader = loaderServing({ 'mf_content/blocks/Banner': TitleBlock, 'mf_content/blocks/MediaContent': TitleBlock });
    render(<BlockList blocks={blocks} loader={loader} />);

    const headings = await screen.findAllByRole('heading');
    expect(headings.map((h) => h.textContent)).toEqual(['Hero at 0', 'Story at 2']);
    expect(screen.queryByText(/Unknown/)).not.toBeInTheDocument();
    expect(warn).toHaveBeenCalledWith(expect.stringContaining('"hologram"'));
  });

  it('shows a small inline fallback for a block that throws, and keeps the rest of the page', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const blocks: Block[] = [
      { id: 'hero', type: 'banner', title: 'Hero' },
      { id: 'story', type: 'media-content', title: 'Story' },
    ];
    const loader = loaderServing({ 'mf_content/blocks/Banner': BrokenBlock, 'mf_content/blocks/MediaContent': TitleBlock });
    render(<BlockList blocks={blocks} loader={loader} />);

    expect(await screen.findByText(BLOCK_FAILURE_MESSAGE)).toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: 'Story at 1' })).toBeInTheDocument();
  });
});
