import type { Block, BlockComponentProps } from '@storefront/contracts';
import { loadRemoteComponent } from '@storefront/remote-loader';
import { Component, useEffect, useState, type ComponentType, type ErrorInfo, type ReactNode } from 'react';
import { blockModuleFor } from './registry';

export type BlockComponent = ComponentType<BlockComponentProps>;
export type BlockLoader = (moduleId: string) => Promise<BlockComponent>;

/**
 * Blocks of any remote load the way the shell loads pages: through the shared remote loader, i.e. the
 * shell's federation instance, which has every remote registered.
 */
const loadBlockComponent: BlockLoader = (moduleId) => loadRemoteComponent<BlockComponentProps>(moduleId);

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

/** One broken block must not blank the whole page. */
class BlockErrorBoundary extends Component<{ blockId: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`Block "${this.props.blockId}" failed to render`, error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <BlockFailure /> : this.props.children;
  }
}

/** Loaded block components per loader, so revisiting a page renders at once. */
const loadedBlocks = new WeakMap<BlockLoader, Map<string, BlockComponent>>();
function cacheOf(loader: BlockLoader) {
  let cache = loadedBlocks.get(loader);
  if (!cache) loadedBlocks.set(loader, (cache = new Map()));
  return cache;
}

type SlotState = { status: 'loading' } | { status: 'ready'; Block: BlockComponent } | { status: 'error' };

function BlockSlot({ moduleId, loader, ...props }: BlockComponentProps & { moduleId: string; loader: BlockLoader }) {
  const [state, setState] = useState<SlotState>(() => {
    const cached = cacheOf(loader).get(moduleId);
    return cached ? { status: 'ready', Block: cached } : { status: 'loading' };
  });

  useEffect(() => {
    const cache = cacheOf(loader);
    const cached = cache.get(moduleId);
    if (cached) {
      setState({ status: 'ready', Block: cached });
      return;
    }
    let current = true;
    loader(moduleId).then(
      (Loaded) => {
        cache.set(moduleId, Loaded);
        if (current) setState({ status: 'ready', Block: Loaded });
      },
      (error: unknown) => {
        console.error(`Block module ${moduleId} could not be loaded`, error);
        if (current) setState({ status: 'error' });
      },
    );
    return () => {
      current = false;
    };
  }, [loader, moduleId]);

  if (state.status === 'loading') {
    return <div className="content-block-placeholder" aria-hidden="true" />;
  }
  if (state.status === 'error') return <BlockFailure />;
  return (
    <BlockErrorBoundary blockId={props.block.id}>
      <state.Block {...props} />
    </BlockErrorBoundary>
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
        return moduleId ? (
          <BlockSlot key={block.id} moduleId={moduleId} loader={loader} block={block} position={position} />
        ) : null;
      })}
    </>
  );
}
