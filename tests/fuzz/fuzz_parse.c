/* fuzz_parse: any bytes as a battle log; nothing may crash, hang or leak. */
#include "fuzz_common.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct diags d;
	struct battle *b = fuzz_parse(data, size, &d);
	battle_free(b);
	diags_release(&d);
	return 0;
}
