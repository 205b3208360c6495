import { useDispatch, useSelector } from 'react-redux';
import type { AppDispatch, RootState } from './store';

/** The typed hooks; nothing else uses the raw react-redux ones. */
export const useAppDispatch = useDispatch.withTypes<AppDispatch>();
export const useAppSelector = useSelector.withTypes<RootState>();
