/*
 * bcryptprimitives.dll for Wine 8, which lacks it: Go 1.22 and later draw
 * their random bytes from ProcessPrng in this DLL on Windows, and a Go
 * program dies at start where it is missing. This one exports ProcessPrng
 * and fills the buffer from advapi32's SystemFunction036 (RtlGenRandom),
 * which Wine has. Real Windows (10 and later) has its own DLL: this is for
 * .ci/windows only, which builds it with
 *   x86_64-w64-mingw32-gcc -shared -O2 -o bcryptprimitives.dll processprng.c -ladvapi32
 * and puts it in the Wine prefix's system32.
 */
#include <windows.h>

BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x10000000 ? 0x10000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
