import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorBoundaryPage } from './error-boundary-page';

type Props = { children: ReactNode };
type State = { hasError: boolean };

/** Catches what fails outside the router (providers, the router itself). */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { hasError: false };

  static getDerivedStateFromError(): State {
    return { hasError: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    return this.state.hasError ? <ErrorBoundaryPage /> : this.props.children;
  }
}
