import type { Block, BlockComponentProps } from '@storefront/contracts';
import { loadRemoteComponent, useRemoteComponent } from '@storefront/remote-loader';
import { RenderErrorBoundary } from '@storefront/ui';
import { Suspense, useEffect, type ComponentType } from 'react';
import { blockModuleFor } from './registry';

export type BlockComponent = ComponentType<BlockComponentProps>;
export type BlockLoader = (moduleId: string) => Promise<BlockComponent>;

/**
 * Blocks of any remote load the way the shell loads pages: through the shared remote loader, i.e. the
 * shell's federation instance, which has every remote registered. The very same function, so a block
 * the browser preloaded for hydration is found in the same cache.
 */
const loadBlockComponent: BlockLoader = loadRemoteComponent as BlockLoader;

export const BLOCK_FAILURE_MESSAGE = 'This part of the page could not be shown.';

function BlockFailure() {
  return (
    <div className="sf-container">
      <p className="content-block-failure" role="status">
        {BLOCK_FAILURE_MESSAGE}
      </p>
    </div>
  );
}

function BlockPlaceholder() {
  return <div className="content-block-placeholder" aria-hidden="true" />;
}

/** One block that cannot load or throws shows a small notice; the rest of the page is unaffected. */
function BlockSlot({ moduleId, loader, ...props }: BlockComponentProps & { moduleId: string; loader: BlockLoader }) {
  const state = useRemoteComponent(moduleId, loader);

  if (state.status === 'loading') return <BlockPlaceholder />;
  if (state.status === 'error') return <BlockFailure />;
  return (
    <RenderErrorBoundary
      fallback={() => <BlockFailure />}
      onError={(error, info) => console.error(`Block "${props.block.id}" failed to render`, error, info.componentStack)}
    >
      <state.Component {...props} />
    </RenderErrorBoundary>
  );
}

export interface BlockListProps {
  blocks: Block[];
  /** How block modules are fetched: the MF runtime by default. */
  loader?: BlockLoader;
}

/** Renders a page's blocks in order through the block registry; unknown types are skipped. */
export function BlockList({ blocks, loader = loadBlockComponent }: BlockListProps) {
  useEffect(() => {
    for (const block of blocks) {
      if (!blockModuleFor(block.type)) {
        console.warn(`Skipping block "${block.id}": no component is registered for block type "${block.type}".`);
      }
    }
  }, [blocks]);

  return (
    <>
      {blocks.map((block, position) => {
        const moduleId = blockModuleFor(block.type);
        // Each block is its own boundary on the server: one that cannot be rendered there is left to the
        // browser without holding up the rest of the page.
        return moduleId ? (
          <Suspense key={block.id} fallback={<BlockPlaceholder />}>
            <BlockSlot moduleId={moduleId} loader={loader} block={block} position={position} />
          </Suspense>
        ) : null;
      })}
    </>
  );
}
