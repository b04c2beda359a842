import { Component, type ErrorInfo, type ReactNode } from 'react';
import { createErrorId } from './error-id';
import { ErrorScreen } from './error-screen';

type ErrorBoundaryProps = {
  children: ReactNode;
  title?: string;
  message?: string;
  /** Replaces the generic screen entirely. */
  fallback?: ReactNode;
};

type ErrorBoundaryState = { errorId: string | null };

/** Catches render errors below it, logs them under an error ID and shows the generic error screen (SPEC 8). */
export class ErrorBoundary extends Component<ErrorBoundaryProps, ErrorBoundaryState> {
  override state: ErrorBoundaryState = { errorId: null };

  static getDerivedStateFromError(): ErrorBoundaryState {
    return { errorId: createErrorId() };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`Render error ${this.state.errorId ?? ''}`, error, info.componentStack);
  }

  private readonly tryAgain = (): void => {
    this.setState({ errorId: null });
  };

  override render(): ReactNode {
    const { errorId } = this.state;
    if (errorId === null) return this.props.children;
    if (this.props.fallback !== undefined) return this.props.fallback;
    return (
      <ErrorScreen title={this.props.title} message={this.props.message} errorId={errorId} onTryAgain={this.tryAgain} />
    );
  }
}
