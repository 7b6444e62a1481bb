package biz

import "testing"

func TestParkCodes(t *testing.T) {
	cases := []struct{ ours, park int32 }{
		{AlarmOvercrowd, 1}, {AlarmAbsent, 2}, {AlarmWrongZone, 3}, {AlarmStill, 4}, {AlarmSOS, 5}, {AlarmCertMismatch, 6},
		{AlarmLowBattery, 0}, {AlarmGather, 0}, {AlarmOffline, 0}, {99, 0},
	}
	for _, c := range cases {
		if got := ParkCode(c.ours); got != c.park {
			t.Errorf("ParkCode(%d) = %d, want %d", c.ours, got, c.park)
		}
		if c.park != 0 {
			if back := FromParkCode(c.park); back != c.ours {
				t.Errorf("FromParkCode(%d) = %d, want %d", c.park, back, c.ours)
			}
		}
	}
	if FromParkCode(0) != 0 || FromParkCode(7) != 0 {
		t.Error("an unknown park code maps to one of ours")
	}
	// Both ways one to one: no two of ours share a park code.
	seen := map[int32]bool{}
	for _, p := range parkCodes {
		if seen[p.Park] {
			t.Fatalf("park code %d twice", p.Park)
		}
		seen[p.Park] = true
	}
}
