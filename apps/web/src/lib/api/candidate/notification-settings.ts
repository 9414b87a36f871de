import type { EmployerNotificationSettings } from '@careers/contracts/employer-notifications';
import { http } from '../../http-client';

/** GET /business/notification-settings: which e-mails the signed-in member gets (docs/decisions/0497). */
export async function getNotificationSettings(): Promise<EmployerNotificationSettings> {
  return (await http.candidate.get<EmployerNotificationSettings>('/business/notification-settings')).data;
}

/** PUT /business/notification-settings: the member's own choices, every kind named. */
export async function putNotificationSettings(
  body: EmployerNotificationSettings,
): Promise<EmployerNotificationSettings> {
  return (await http.candidate.put<EmployerNotificationSettings>('/business/notification-settings', body)).data;
}
