import type { ReactNode } from 'react';
import { Button } from './Button.js';

export interface LoadingStateProps {
  label?: string;
}

export function LoadingState({ label = 'Loading…' }: LoadingStateProps) {
  return (
    <div className="sf-state sf-state--loading" role="status" aria-busy="true" aria-live="polite">
      <span className="sf-spinner" aria-hidden="true" />
      <span className="sf-state__label">{label}</span>
    </div>
  );
}

export interface EmptyStateProps {
  title: string;
  message?: string;
  action?: ReactNode;
}

export function EmptyState({ title, message, action }: EmptyStateProps) {
  return (
    <div className="sf-state sf-state--empty">
      <p className="sf-state__title">{title}</p>
      {message && <p className="sf-state__message">{message}</p>}
      {action && <div className="sf-state__action">{action}</div>}
    </div>
  );
}

export interface ErrorStateProps {
  title?: string;
  message: string;
  onRetry?: () => void;
}

export function ErrorState({ title = 'Something went wrong', message, onRetry }: ErrorStateProps) {
  return (
    <div className="sf-state sf-state--error" role="alert">
      <p className="sf-state__title">{title}</p>
      <p className="sf-state__message">{message}</p>
      {onRetry && (
        <div className="sf-state__action">
          <Button variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </div>
      )}
    </div>
  );
}

export interface SkeletonProps {
  /** from the UI kit's scale (no inline styles: the CSP allows styles from files only) */
  width?: 'full' | 'short' | 'medium' | 'long';
  height?: 'text' | 'title';
}

/** A grey placeholder shaped like content that is on its way; hidden from screen readers. */
export function Skeleton({ width = 'full', height = 'text' }: SkeletonProps) {
  return <span className={`sf-skeleton sf-skeleton--w-${width} sf-skeleton--h-${height}`} aria-hidden="true" />;
}
