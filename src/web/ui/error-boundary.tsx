import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  fallback: (reset: () => void) => ReactNode;
  onReset?: () => void;
  children: ReactNode;
}

interface State {
  failed: boolean;
}

/** Catches a render error in one page so the header and navigation keep working. */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false };

  static getDerivedStateFromError(): State {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    // Logged for developers; the user sees the fallback with a retry.
    console.warn('Page failed to render', error, info.componentStack);
  }

  reset = () => {
    this.props.onReset?.();
    this.setState({ failed: false });
  };

  override render() {
    if (this.state.failed) return this.props.fallback(this.reset);
    return this.props.children;
  }
}
