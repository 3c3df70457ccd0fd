import { Component, type ErrorInfo, type ReactNode } from 'react';

export interface RenderErrorBoundaryProps {
  /** What shows instead of the children once they threw; `retry` renders the children again. */
  fallback: (retry: () => void) => ReactNode;
  /** When it changes (e.g. the route), a caught error is forgotten and the children render again. */
  resetKey?: string;
  /** For logging: what threw and where. */
  onError?: (error: Error, info: ErrorInfo) => void;
  children: ReactNode;
}

/**
 * Keeps a render error inside one area of the page (a remote, a content block): the rest of the page
 * keeps working. React only catches render errors in class components, hence the class.
 */
export class RenderErrorBoundary extends Component<RenderErrorBoundaryProps, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    this.props.onError?.(error, info);
  }

  override componentDidUpdate(previous: RenderErrorBoundaryProps) {
    if (this.state.failed && previous.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  private retry = () => {
    this.setState({ failed: false });
  };

  override render() {
    return this.state.failed ? this.props.fallback(this.retry) : this.props.children;
  }
}
