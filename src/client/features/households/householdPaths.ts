export const HOUSEHOLDS_PATH = '/households';

export const householdPath = (id: string) => `${HOUSEHOLDS_PATH}/${encodeURIComponent(id)}`;
