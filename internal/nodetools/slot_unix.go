//go:build unix

package nodetools

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"time"
)

// lockSlot locks one of n slot files, waiting until one is free or ctx
// ends.
func lockSlot(ctx context.Context, n int) (func(), error) {
	dir := filepath.Join(os.TempDir(), fmt.Sprintf("ariadne-tool-slots-%d", os.Getuid()))
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	for {
		for i := range n {
			f, err := os.OpenFile(filepath.Join(dir, fmt.Sprint(i)), os.O_CREATE|os.O_RDWR, 0o600)
			if err != nil {
				return nil, err
			}
			if err := syscall.Flock(int(f.Fd()), syscall.LOCK_EX|syscall.LOCK_NB); err == nil {
				return func() {
					_ = syscall.Flock(int(f.Fd()), syscall.LOCK_UN)
					f.Close()
				}, nil
			}
			f.Close()
		}
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case <-time.After(100 * time.Millisecond):
		}
	}
}
