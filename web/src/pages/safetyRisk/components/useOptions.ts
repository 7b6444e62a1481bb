import { useEffect, useState } from 'react';

/** options loaded once for a page (search selects of references) */
export default function useOptions(load: () => Promise<{ label: string; value: string }[]>) {
  const [opts, setOpts] = useState<{ label: string; value: string }[]>([]);
  useEffect(() => {
    load()
      .then(setOpts)
      .catch(() => setOpts([]));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- options load once per page; load is the caller's inline function
  }, []);
  return opts;
}
