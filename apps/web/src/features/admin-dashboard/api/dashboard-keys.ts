/** Every query of the admin dashboard starts here, so one invalidation refreshes them all. */
export const adminDashboardKey = ['admin-dashboard'] as const;
