import { create } from 'zustand';
import website from '@/config/website';
import { getMessages, getUnreadCount, markRead, type Notice } from '@/services/desk';

/** Caps the badge count (spec 9: maximum 99). */
export const badgeText = (n: number, max = website.badgeMax) => (n > max ? `${max}+` : String(Math.max(0, n || 0)));

interface NoticeState {
  unread: number;
  list: Notice[];
  loading: boolean;
  refresh: () => Promise<void>;
  read: (ids: string[]) => Promise<void>;
  setUnread: (n: number) => void;
}

export const useNotices = create<NoticeState>((set, get) => ({
  unread: 0,
  list: [],
  loading: false,
  setUnread: (unread) => set({ unread }),
  refresh: async () => {
    set({ loading: true });
    try {
      const [count, page] = await Promise.all([
        getUnreadCount().catch(() => 0),
        getMessages({ current: 1, size: 5, isRead_equal: 0 }).catch(() => undefined),
      ]);
      set({ unread: count, list: page?.records || [] });
    } finally {
      set({ loading: false });
    }
  },
  read: async (ids) => {
    if (!ids.length) return;
    await markRead(ids.join(','));
    await get().refresh();
  },
}));
