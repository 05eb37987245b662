import { useEffect, useRef } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { useLocation } from 'react-router-dom';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store.js';
import { errorsActions } from '../features/errors/errorsSlice.js';
import { NOT_FOUND_MESSAGE } from '../lib/transportErrors.js';

export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();

/** Dispatches `creator(payload)` when the component mounts and again whenever the payload changes: a page's loads. */
export function useDispatchOnMount(creator: () => UnknownAction): void;
export function useDispatchOnMount<P>(creator: (payload: P) => UnknownAction, payload: P): void;
export function useDispatchOnMount(creator: (payload?: unknown) => UnknownAction, payload?: unknown): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    dispatch(payload === undefined ? creator() : creator(payload));
  }, [dispatch, creator, payload]);
}

/** A page whose address names nothing (/my-campaigns/abc) shows the not-found page, as an unknown id does. */
export function useNotFoundWhen(notFound: boolean): void {
  const dispatch = useAppDispatch();
  useEffect(() => {
    if (notFound) dispatch(errorsActions.globalErrorRaised(NOT_FOUND_MESSAGE));
  }, [dispatch, notFound]);
}

/**
 * The error page belongs to the address it was raised on: going to another one ('Volver al inicio', the menu,
 * Back) dismisses it. Dismissing before leaving would show the failed page again for a moment, and it would
 * load, and fail, again.
 */
export function useErrorDismissedOnNavigation(): void {
  const dispatch = useAppDispatch();
  const { pathname } = useLocation();
  const hasError = useAppSelector((state) => state.errors.globalError !== null);
  const shownAt = useRef(pathname);
  useEffect(() => {
    if (shownAt.current === pathname) return;
    shownAt.current = pathname;
    if (hasError) dispatch(errorsActions.globalErrorDismissed());
  }, [dispatch, pathname, hasError]);
}

/**
 * The tab's title while a component is on screen (null leaves it alone), the previous one back on leaving.
 * Browsers name a printed PDF after it ('Guardar como PDF', page.pdf()).
 */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title === null) return undefined;
    const previous = document.title;
    document.title = title;
    return () => {
      document.title = previous;
    };
  }, [title]);
}
