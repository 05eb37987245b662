import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import type { UnknownAction } from '@reduxjs/toolkit';
import type { AppDispatch, RootState } from './store.js';

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
