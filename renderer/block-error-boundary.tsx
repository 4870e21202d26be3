"use client";
import { Component, type ReactNode } from "react";

/** Keeps a block that fails in the browser from taking the page down with it. */
export class BlockErrorBoundary extends Component<{ id: string; type: string; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  componentDidCatch(error: unknown) {
    console.error(`[blocks] block "${this.props.id}" (${this.props.type}) failed in the browser:`, error);
  }
  render() {
    return this.state.failed ? null : this.props.children;
  }
}
