/** Width of the navigation, docked on wide screens and in the phone drawer. */
export const SIDEBAR_WIDTH = 240;
