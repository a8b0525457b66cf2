/*
 * holdopen FILE: holds FILE open as a virus scanner, an indexer or a
 * sync client does on Windows (reading, sharing read and write but not
 * delete), until its standard input closes. .ci/windows uses it to check
 * that a restore over a file another program holds open is refused
 * cleanly, with the file unchanged: Windows will not rename over it.
 */
#include <windows.h>
#include <stdio.h>

int wmain(int argc, wchar_t **argv)
{
	HANDLE h;
	if (argc != 2) {
		fprintf(stderr, "usage: holdopen FILE\n");
		return 2;
	}
	h = CreateFileW(argv[1], GENERIC_READ, FILE_SHARE_READ | FILE_SHARE_WRITE, NULL,
	                OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, NULL);
	if (h == INVALID_HANDLE_VALUE) {
		fprintf(stderr, "holdopen: cannot open the file (error %lu)\n", GetLastError());
		return 1;
	}
	printf("open\n");
	fflush(stdout);
	while (getchar() != EOF)
		;
	CloseHandle(h);
	return 0;
}
