import { useStore } from 'zustand';
import { createSampleCartStore, type SampleCartState } from './store.js';

/**
 * The page's one sample cart. Shared as a Module Federation singleton, so the shell's badge, the
 * style page and the checkout read the same store; even if a remote got its own copy, the
 * selected-samples-updated event keeps the copies in step.
 */
export const sampleCartStore = createSampleCartStore({ connect: typeof window !== 'undefined' });

export function useSampleCart(): SampleCartState;
export function useSampleCart<T>(selector: (state: SampleCartState) => T): T;
export function useSampleCart<T>(selector?: (state: SampleCartState) => T): T | SampleCartState {
  const select: (state: SampleCartState) => T | SampleCartState = selector ?? wholeState;
  return useStore(sampleCartStore, select);
}

function wholeState(state: SampleCartState): SampleCartState {
  return state;
}

/** Number of samples in the cart (the header badge and the checkout's mobile header). */
export function selectSampleCount(state: SampleCartState): number {
  return state.items.reduce((count, item) => count + item.qty, 0);
}
