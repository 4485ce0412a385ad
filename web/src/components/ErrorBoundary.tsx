import { Component, type ReactNode } from 'react';

interface State {
  error: Error | null;
}

/** A page that fails to render says so in words (never a blank screen, never a stack trace). */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: unknown): State {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: unknown): void {
    console.error('dstatview: a page failed to render', error);
  }

  override render() {
    if (this.state.error) {
      return (
        <main id="main" className="page narrow">
          <div className="notice error" role="alert">
            <h1>Something went wrong showing this page</h1>
            <p>Reloading the page may help. If it keeps happening, the file may contain something dstatview does not handle yet.</p>
          </div>
        </main>
      );
    }
    return this.props.children;
  }
}
